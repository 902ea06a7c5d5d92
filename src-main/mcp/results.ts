import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiRefusal } from './api';

/** A tool's answer: the figures as `structuredContent`, and a short text for a human or a model. */
export function toolResult(structured: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/**
 * An API refusal as an MCP tool error (`isError: true`) with the API's message, so the assistant
 * reads why (a missing project, a viewer's right, a 422 field) and the server keeps running.
 * Anything else is left to the SDK, which turns a thrown error into a tool error too.
 */
export function toolError(error: ApiRefusal): CallToolResult {
  const fields = error.body?.errors as Record<string, string[]> | undefined;
  const details = fields
    ? Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('\n')
    : '';
  const text = details && !error.message.includes('\n') ? `${error.message}\n${details}` : error.message;
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: {
      error: { status: error.status, message: error.message, ...(fields ? { errors: fields } : {}) },
    },
  };
}

/** Runs a tool body; an API refusal becomes a tool error, other errors go to the SDK. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiRefusal) return toolError(error);
    throw error;
  }
}
