/** Helpers of the notifications tests (modules/notifications/*.test.ts): a member who joined, a live stream reader. */
import { API_ROOT } from '@atrium/contracts';
import type { Notification } from '@atrium/domain-comms/schemas';
import { notificationListAnswerSchema } from '@atrium/domain-comms/schemas';
import type { TestApp } from './helpers';
import { signUp, waitForMail, type SignedUp } from './security-helpers';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A second member of the owner's business, switched into it. */
export async function join(t: TestApp, owner: SignedUp, role: 'member' | 'admin' = 'member'): Promise<SignedUp> {
  const member = await signUp(t);
  const invite = await owner.agent.post(`/businesses/${owner.user.businessId}/invites`, {
    email: member.signup.email,
    role,
  });
  expect(invite.statusCode).toBe(201);
  const { match } = await waitForMail(t.mails, member.signup.email, /accept-invite\?token=([^\s&"<]+)/);
  const accepted = await member.agent.post('/businesses/accept-invite', { token: decodeURIComponent(match[1]!) });
  expect(accepted.statusCode).toBe(200);
  const switched = await member.agent.post(`/businesses/${owner.user.businessId}/switch`, {});
  expect(switched.statusCode).toBeLessThan(300);
  return member;
}

export async function listOf(who: SignedUp, query = ''): Promise<Notification[]> {
  const res = await who.agent.get(`/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return notificationListAnswerSchema.parse(res.json()).data;
}
export const unread = async (who: SignedUp) =>
  (await who.agent.get('/notifications/unread/count')).json().count as number;

/** Reads server-sent events from a real listening app with the agent's cookies. */
export async function openStream(base: string, who: SignedUp) {
  const cookie = [...who.agent.jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
  const controller = new AbortController();
  const res = await fetch(`${base}${API_ROOT}/notifications/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const events: string[] = [];
  let ended = false;
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
    ended = true;
  })();
  const waitFor = async (pred: (e: string[]) => boolean, ms = 2_000) => {
    const until = Date.now() + ms;
    while (!pred(events)) {
      if (Date.now() > until) throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`);
      await sleep(10);
    }
  };
  return {
    res,
    events,
    waitFor,
    get ended() {
      return ended;
    },
    close: async () => {
      controller.abort();
      await done;
    },
  };
}
