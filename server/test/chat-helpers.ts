/** Helpers of the chat tests (modules/chat/*.test.ts): a chat stream reader, the caller's overview. */
import { API_ROOT } from '@atrium/contracts';
import { chatOverviewAnswerSchema } from '@atrium/domain-comms/schemas';
import type { SignedUp } from './security-helpers';
import { sleep } from './notification-helpers';

/** Reads the chat stream's server-sent events from a listening app with the agent's cookies. */
export async function openChatStream(base: string, who: SignedUp) {
  const cookie = [...who.agent.jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
  const controller = new AbortController();
  const res = await fetch(`${base}${API_ROOT}/chat/stream`, { headers: { cookie }, signal: controller.signal });
  const events: string[] = [];
  const reader = res.body!.getReader();
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push(`${name} ${/^data: (.*)$/m.exec(block)?.[1] ?? ''}`);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    events,
    waitFor: async (pred: (e: string[]) => boolean, ms = 2_000) => {
      const until = Date.now() + ms;
      while (!pred(events)) {
        if (Date.now() > until) throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`);
        await sleep(10);
      }
    },
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

export const overviewOf = async (who: SignedUp) => {
  const res = await who.agent.get('/chat');
  expect(res.statusCode).toBe(200);
  return chatOverviewAnswerSchema.parse(res.json()).data;
};
