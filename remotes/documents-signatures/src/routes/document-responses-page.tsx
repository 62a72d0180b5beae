import { Title } from '@atrium/ui';

export default function DocumentResponsesPage() {
  return (
    <Title order={1} fz={26}>
      Responses
    </Title>
  );
}
