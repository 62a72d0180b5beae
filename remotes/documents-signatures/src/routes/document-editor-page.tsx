import { Title } from '@atrium/ui';

export default function DocumentEditorPage() {
  return (
    <Title order={1} fz={26}>
      Document
    </Title>
  );
}
