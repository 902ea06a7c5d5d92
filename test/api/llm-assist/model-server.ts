import type { Engine } from '../../../src-main/engine/engine';
import type { TestApi } from '../../helpers/test-engine';
import { addCompatibleNetwork } from '../collect/factories';
import { chatCompletion, startLoopbackAi, type Reply, type SeenRequest } from '../collect/loopback-ai';

export type ModelTask = 'answer' | 'draft' | 'conclusions';

/** Which of the three jobs a chat-completions request asks for, told by its system message. */
export function taskOf(req: SeenRequest): ModelTask {
  const system = String(req.body?.messages?.find((m: any) => m.role === 'system')?.content ?? '');
  if (system.includes('You analyse one answer')) return 'answer';
  if (system.includes('You write the questions')) return 'draft';
  return 'conclusions';
}

/** The user message of a request (the prompt the engine wrote). */
export const userMessageOf = (req: SeenRequest): string =>
  String(req.body?.messages?.find((m: any) => m.role === 'user')?.content ?? '');

/** The answer text an answer-analysis request carries between its `<<<` and `>>>` lines. */
export const answerTextOf = (req: SeenRequest): string =>
  /\n<<<\n([\s\S]*)\n>>>$/.exec(userMessageOf(req))?.[1] ?? '';

/** A structured-output reply: the JSON object as the message content, as OpenAI-compatible servers send it. */
export const jsonReply = (value: unknown): Reply => ({ json: chatCompletion(JSON.stringify(value)) });

/**
 * A stand-in analysis model on 127.0.0.1 speaking the OpenAI chat-completions protocol, added
 * to the catalogue as an `openai-compatible` network and chosen as the analysis model through
 * PATCH /api/app/settings (the way a user sets it).
 */
export async function startAnalysisModel(
  engine: Engine,
  api: TestApi,
  reply: (req: SeenRequest, task: ModelTask) => Reply | Promise<Reply>,
) {
  const server = await startLoopbackAi((req) => reply(req, taskOf(req)));
  const neuralId = await addCompatibleNetwork(engine, server.url, 'analysis-loopback');
  const res = await api.send('PATCH /api/app/settings', { body: { analysis_neural_id: neuralId } });
  if (res.status !== 200) throw new Error(`PATCH /api/app/settings answered ${res.status}`);
  return {
    ...server,
    neuralId,
    requests: (task: ModelTask) => server.seen.filter((r) => taskOf(r) === task),
  };
}
