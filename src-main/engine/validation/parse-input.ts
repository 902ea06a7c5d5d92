import type { z } from 'zod';
import { validationError, type FieldErrors } from '../errors';

/**
 * Parses input with a zod schema; on failure throws an `invalid` error (422) whose `errors` are keyed by the
 * dotted field path (`options.period_main`, `prompts.0.value`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length ? issue.path.join('.') : 'body';
    (errors[path] ??= []).push(messageFor(path, issue));
  }
  throw validationError(errors);
}

function messageFor(path: string, issue: z.core.$ZodIssue): string {
  const field = path.replace(/_/g, ' ');
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    return `The ${field} field is required.`;
  }
  if (issue.message && !issue.message.startsWith('Invalid input') && !issue.message.startsWith('Too ')) {
    return issue.message;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `The ${field} field must be ${article(issue.expected)}.`;
    case 'invalid_value':
      return `The selected ${field} is invalid.`;
    case 'too_small':
      return issue.origin === 'array'
        ? `The ${field} field must have at least ${issue.minimum} items.`
        : issue.origin === 'string'
          ? issue.minimum === 1
            ? `The ${field} field is required.`
            : `The ${field} field must be at least ${issue.minimum} characters.`
          : `The ${field} field must be at least ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'array'
        ? `The ${field} field must not have more than ${issue.maximum} items.`
        : issue.origin === 'string'
          ? `The ${field} field must not be greater than ${issue.maximum} characters.`
          : `The ${field} field must not be greater than ${issue.maximum}.`;
    default:
      return `The ${field} field is invalid.`;
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    int: 'an integer',
    boolean: 'true or false',
    array: 'an array',
    object: 'an object',
  };
  return names[expected] ?? `of type ${expected}`;
}
