import { Title } from '@atrium/ui';

export default function DocumentCreatePage() {
  return (
    <Title order={1} fz={26}>
      New document
    </Title>
  );
}
