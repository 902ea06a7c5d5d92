/** Strings of the report screens and print view. */
export default {};
