import { useEffect, useRef, useState } from 'react';
import { LoadError, PageSkeleton, useNavigate } from '@atrium/ui';
import { contactForms } from '@atrium/domain-documents';
import { contactFormEditorPath } from '../lib/paths';

/**
 * /contact-forms/create: creates a form through the API (active, no questions of its own yet: every form asks the
 * contact's first name, last name and email) and replaces the address with its editor, so Back does not create
 * another.
 */
export default function ContactFormsCreatePage() {
  const navigate = useNavigate();
  const started = useRef(-1);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setError(null);
    contactForms
      .create({ name: 'Untitled form' })
      .then((f) => navigate(contactFormEditorPath(f._id), { replace: true }))
      .catch((e: Error) => setError(e));
  }, [attempt, navigate]);

  if (error)
    return (
      <LoadError
        title="The form could not be created"
        message={error.message}
        onRetry={() => setAttempt((a) => a + 1)}
      />
    );
  return <PageSkeleton rows={6} />;
}
