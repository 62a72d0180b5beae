import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Badge, DraggableModal, formatCount, Group, Stack } from '@atrium/ui';
import {
  contactImport,
  isContactImportDone,
  suggestContactMapping,
  type ContactImportMapping,
  type ContactUploadResult,
  type ContactValidateResult,
  contactKeys,
} from '@atrium/domain-crm';
import { FileStep } from './file-step';
import { downloadText, errorFileName } from './import-helpers';
import { MappingStep } from './mapping-step';
import { ProgressStep } from './progress-step';
import { forgetRunningImport, readRunningImport, rememberRunningImport } from './running-import';
import { jobGone, useImportJob } from './use-import-job';
import { ValidateStep } from './validate-step';

type Step = 'file' | 'map' | 'validate' | 'import';
const STEPS: { key: Step; label: string }[] = [
  { key: 'file', label: 'Choose file' },
  { key: 'map', label: 'Map columns' },
  { key: 'validate', label: 'Validate' },
  { key: 'import', label: 'Import' },
];

const messageOf = (e: unknown, fallback: string) => (isApiError(e) || e instanceof Error ? e.message : '') || fallback;

export interface ImportContactsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Import Contacts': choose a CSV, map its columns to contact fields, validate, then import in the background
 * with a progress bar. When the job ends: a toast, and the contact lists (['contacts'] queries) refresh.
 */
export function ImportContactsModal({ opened, onClose }: ImportContactsModalProps) {
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>(() => (readRunningImport() ? 'import' : 'file'));
  const [upload, setUpload] = useState<ContactUploadResult | null>(null);
  const [mapping, setMapping] = useState<ContactImportMapping>({});
  const [validation, setValidation] = useState<ContactValidateResult | null>(null);
  // A started import is remembered for the tab (sessionStorage): coming back to the contacts page after leaving
  // it follows and reports it again (the dialog lives on that page).
  const [jobId, setJobId] = useState<string | null>(readRunningImport);
  const reported = useRef<string | null>(null);

  const uploadFile = useMutation({ mutationFn: (file: File) => contactImport.upload(file) });
  const validate = useMutation({
    mutationFn: (m: ContactImportMapping) => contactImport.validate(upload!.uploadId, m),
  });
  const start = useMutation({ mutationFn: (m: ContactImportMapping) => contactImport.start(upload!.uploadId, m) });
  const job = useImportJob(jobId);

  useEffect(() => {
    const data = job.data;
    if (!data || !isContactImportDone(data.status) || reported.current === data.jobId) return;
    reported.current = data.jobId;
    forgetRunningImport();
    void qc.invalidateQueries({ queryKey: contactKeys.all });
    if (data.status === 'completed') {
      toast.success(
        `Import complete: ${formatCount(data.created)} created, ${formatCount(data.updated)} updated, ${formatCount(data.unchanged)} unchanged, ${formatCount(data.skipped)} skipped`,
      );
    } else {
      toast.error(data.failure ?? 'The import failed. Please try again.');
    }
  }, [job.data, qc]);

  // A job this business cannot see (the business was switched, or it is gone): stop following it.
  useEffect(() => {
    if (jobGone(job.error)) forgetRunningImport();
  }, [job.error]);

  const reset = () => {
    forgetRunningImport();
    setStep('file');
    setUpload(null);
    setMapping({});
    setValidation(null);
    setJobId(null);
    uploadFile.reset();
    validate.reset();
    start.reset();
  };

  // Starting counts as running: closing then must not drop the start's answer (the job would go on unfollowed).
  const running =
    start.isPending || (!!jobId && !jobGone(job.error) && !(job.data && isContactImportDone(job.data.status)));
  const close = () => {
    // A running import keeps being followed (and reported) while this stays mounted; reopening shows it.
    if (!running) reset();
    onClose();
  };

  const chooseFile = (file: File) => {
    validate.reset();
    uploadFile.mutate(file, {
      onSuccess: (result) => {
        setUpload(result);
        setMapping(result.suggestedMapping);
        setValidation(null);
        setStep('map');
      },
    });
  };

  const changeMapping = (next: ContactImportMapping) => {
    setMapping(next);
    setValidation(null);
    validate.reset();
  };

  const runValidation = () =>
    validate.mutate(mapping, {
      onSuccess: (result) => {
        setValidation(result);
        setStep('validate');
      },
    });

  const startImport = () =>
    start.mutate(mapping, {
      onSuccess: (id) => {
        reported.current = null;
        rememberRunningImport(id);
        setJobId(id);
        setStep('import');
      },
    });

  const busy = uploadFile.isPending || validate.isPending || start.isPending;
  const current = STEPS.findIndex((s) => s.key === step);
  return (
    <DraggableModal
      modalId="import-contacts"
      opened={opened}
      onClose={close}
      title="Import Contacts"
      size="xl"
      closeOnClickOutside={!busy}
    >
      <Stack gap="md">
        <Group gap="xs" aria-label="Import steps">
          {STEPS.map((s, i) => (
            <Badge
              key={s.key}
              variant={i === current ? 'filled' : 'light'}
              color={i <= current ? undefined : 'gray'}
              aria-current={i === current ? 'step' : undefined}
            >
              {`${i + 1}. ${s.label}`}
            </Badge>
          ))}
        </Group>
        {step === 'file' && (
          <FileStep
            onFile={chooseFile}
            uploading={uploadFile.isPending}
            error={uploadFile.isError ? messageOf(uploadFile.error, 'The upload failed. Please try again.') : null}
          />
        )}
        {step === 'map' && upload && (
          <MappingStep
            upload={upload}
            mapping={mapping}
            onChange={changeMapping}
            onSuggest={() => changeMapping(suggestContactMapping(upload.headers))}
            onBack={() => {
              uploadFile.reset();
              setStep('file');
            }}
            onNext={runValidation}
            validating={validate.isPending}
            error={validate.isError ? messageOf(validate.error, 'Validation failed. Please try again.') : null}
          />
        )}
        {step === 'validate' && upload && validation && (
          <ValidateStep
            result={validation}
            onBack={() => {
              start.reset();
              setStep('map');
            }}
            onDownloadErrors={() => downloadText(validation.errorCsv, errorFileName(upload.fileName))}
            onImport={startImport}
            starting={start.isPending}
            error={start.isError ? messageOf(start.error, 'The import could not start. Please try again.') : null}
          />
        )}
        {step === 'import' && (
          <ProgressStep
            job={job.data}
            error={job.isError ? messageOf(job.error, 'The progress could not be loaded.') : null}
            gone={jobGone(job.error)}
            onClose={close}
            onAnother={reset}
          />
        )}
      </Stack>
    </DraggableModal>
  );
}
