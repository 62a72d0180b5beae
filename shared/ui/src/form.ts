// '@atrium/ui/form': Mantine form, a federation singleton of its own so that the first screen (which uses
// useLightForm from './core') does not load it; the identity pages after sign-in, the shell and the remotes use it
// (the full '@atrium/ui' re-exports it).
export { useForm, schemaResolver, type UseFormReturnType } from '@mantine/form';
