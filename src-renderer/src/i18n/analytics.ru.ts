/** Strings of the analytics screens. */
export default {};
