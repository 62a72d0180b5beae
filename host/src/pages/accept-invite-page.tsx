import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { failureOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Button,
  Center,
  FailureNotice,
  Group,
  Loader,
  Notice,
  Stack,
  Text,
  type Failure,
  CardPage,
} from '@atrium/ui/core';
import { businesses, BUSINESS_MESSAGES, acceptInviteSchema } from '@atrium/domain-admin/public';
import type { SignInState } from '../auth/sign-in-page';
import { useSession } from '../auth/use-session';

export const INVITE_TEXTS = {
  invalidLink: 'This invitation link is invalid. Ask the person who invited you for a new one.',
  signInFirst: 'Sign in to accept your invitation. New to Atrium? Create an account with the invited address first.',
  joined: (name: string) => `You joined ${name}`,
} as const;

/**
 * /accept-invite?token=… (the link of the invite e-mail). Signed-in users accept with one click and the
 * business becomes their current one; visitors sign in (or sign up) first and come back here.
 */
export function AcceptInvitePage() {
  const { status, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = acceptInviteSchema.safeParse({ token }).success;
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<Failure | null>(null);

  if (!valid) {
    return (
      <CardPage title="Join a business">
        <Stack>
          <Notice tone="error">{INVITE_TEXTS.invalidLink}</Notice>
          <Button component={Link} to="/" variant="light">
            Go to Atrium
          </Button>
        </Stack>
      </CardPage>
    );
  }
  if (status === 'unknown') {
    return (
      <Center h="100vh" aria-label="Checking your session">
        <Loader />
      </Center>
    );
  }
  if (status === 'anonymous') {
    const state: SignInState = { from: location.pathname + location.search, message: INVITE_TEXTS.signInFirst };
    return <Navigate to="/signin" replace state={state} />;
  }

  const accept = async () => {
    setAccepting(true);
    setError(null);
    try {
      const business = await businesses.acceptInvite(token);
      if (business?.id) await businesses.switchTo(business.id).catch(() => undefined);
      toast.success(INVITE_TEXTS.joined(business?.name ?? 'the business'));
      navigate('/', { replace: true });
    } catch (e) {
      setAccepting(false);
      setError(failureOf(BUSINESS_MESSAGES.acceptInviteFailed, e));
    }
  };

  return (
    <CardPage title="Join a business" subtitle={`Signed in as ${user?.email ?? ''}`}>
      <Stack>
        {error && <FailureNotice failure={error} />}
        <Text size="sm">
          You have been invited to join a business on Atrium. Accepting adds it to your businesses and makes it the one
          you are working in; you can switch back at any time from the header.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/" variant="default">
            Not now
          </Button>
          <Button onClick={() => void accept()} loading={accepting}>
            Accept invitation
          </Button>
        </Group>
      </Stack>
    </CardPage>
  );
}
