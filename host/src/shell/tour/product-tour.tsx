import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Text } from '@atrium/ui';

export interface TourStep {
  key: string;
  /** The element the step points at; when it is absent or hidden (a narrow screen) the card stands centred. */
  target: string;
  title: string;
  body: string;
}

export const TOUR_STEPS: TourStep[] = [
  {
    key: 'sidebar',
    target: '[data-testid="sidebar"]',
    title: 'Find your way',
    body: 'The sidebar takes you to Projects, Tasks, Contacts, Calendar, Finance, Documents and the rest. Collapse it for more room.',
  },
  {
    key: 'new',
    target: '[data-tour="new"]',
    title: 'Create anything',
    body: "'+ New' adds a contact, task, project or meeting, or starts an invoice, contract or questionnaire.",
  },
  {
    key: 'search',
    target: '[data-tour="search"]',
    title: 'Search everything',
    body: 'Search finds contacts, projects, tasks and documents from any page.',
  },
  {
    key: 'bell',
    target: 'button[aria-label^="Notifications"]',
    title: 'Stay informed',
    body: 'The bell collects your notifications: read them, mark them all as read, or choose what reaches you.',
  },
  {
    key: 'user-menu',
    target: 'button[aria-label="User menu"]',
    title: 'Your account',
    body: "The user menu holds your profile, your businesses, dark mode and Sign Out. 'Product tour' shows this tour again.",
  },
];

const CARD_WIDTH = 320;
const GAP = 12;

type Rect = { top: number; left: number; width: number; height: number };

function targetRect(selector: string): Rect | null {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

function cardPosition(rect: Rect | null): React.CSSProperties {
  if (!rect) return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  const vw = window.innerWidth;
  const clampLeft = (x: number) => Math.max(8, Math.min(x, vw - CARD_WIDTH - 8));
  // A tall target (the sidebar) gets the card beside it; the header's pieces get it below them.
  if (rect.height > window.innerHeight / 2) {
    return { top: rect.top + 80, left: clampLeft(rect.left + rect.width + GAP) };
  }
  return { top: rect.top + rect.height + GAP, left: clampLeft(rect.left + rect.width / 2 - CARD_WIDTH / 2) };
}

/**
 * The product tour (issue #21 §4): five steps over the shell, built from Mantine's Paper and a spotlight. Skip
 * (or Escape) and Done both end it; the launcher remembers which for the user.
 */
export default function ProductTour({
  onClose,
  steps = TOUR_STEPS,
}: {
  onClose: (how: 'skipped' | 'finished') => void;
  steps?: TourStep[];
}) {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const step = steps[index]!;
  const last = index === steps.length - 1;

  const measure = useCallback(() => setRect(targetRect(step.target)), [step.target]);
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    // The bell is a remote's widget and may arrive after the tour opens.
    const late = window.setTimeout(measure, 500);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      window.clearTimeout(late);
    };
  }, [measure]);
  useEffect(() => nextRef.current?.focus(), [index]);
  // Focus goes back where it was (the user menu, when restarted from there) once the tour closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    return () => before?.focus?.();
  }, []);
  // Tab and Shift+Tab stay among the card's buttons while the tour is open.
  const trapTab = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return;
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('button'));
    if (buttons.length === 0) return;
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at >= buttons.length - 1 ? 0 : at + 1;
    e.preventDefault();
    buttons[next]!.focus();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose('skipped');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const pad = 6;
  return (
    <>
      {/* Catches clicks on the page while the tour is open; the spotlight dims everything but the step's target. */}
      <div data-testid="tour-backdrop" style={{ position: 'fixed', inset: 0, zIndex: 1000 }} />
      <div
        aria-hidden
        style={{
          position: 'fixed',
          zIndex: 1001,
          pointerEvents: 'none',
          borderRadius: 8,
          boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
          transition: 'all 150ms ease',
          ...(rect
            ? {
                top: rect.top - pad,
                left: rect.left - pad,
                width: rect.width + pad * 2,
                height: rect.height + pad * 2,
              }
            : { top: '50%', left: '50%', width: 0, height: 0 }),
        }}
      />
      <Paper
        role="dialog"
        aria-modal="true"
        aria-label="Product tour"
        aria-describedby="tour-step-body"
        shadow="lg"
        radius="md"
        p="md"
        withBorder
        style={{ position: 'fixed', zIndex: 1002, width: CARD_WIDTH, ...cardPosition(rect) }}
        data-tour-step={step.key}
        onKeyDown={trapTab}
      >
        <Text size="xs" c="dimmed">
          Step {index + 1} of {steps.length}
        </Text>
        <Text fw={700} mt={4}>
          {step.title}
        </Text>
        <Text id="tour-step-body" size="sm" mt={4}>
          {step.body}
        </Text>
        <Group justify="space-between" mt="md" wrap="nowrap">
          <Button variant="subtle" size="xs" onClick={() => onClose('skipped')}>
            Skip tour
          </Button>
          <Group gap="xs" wrap="nowrap">
            {index > 0 && (
              <Button variant="default" size="xs" onClick={() => setIndex(index - 1)}>
                Back
              </Button>
            )}
            <Button ref={nextRef} size="xs" onClick={() => (last ? onClose('finished') : setIndex(index + 1))}>
              {last ? 'Done' : 'Next'}
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
