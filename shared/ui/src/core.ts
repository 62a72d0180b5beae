import '@mantine/core/styles.css';
import './focus.css';
import './scheme.css';

// '@atrium/ui/core': the part of the UI the host's first screen needs (sign-in, sign-up, the page skeletons and
// the provider), a federation singleton of its own. A shared module is never tree-shaken, so the overlays,
// menus, selects, tables and the app shell live only in the full '@atrium/ui' (which re-exports all of this):
// /signin downloads this entry alone; the shell and every remote use '@atrium/ui'.
export {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
export { useDebouncedValue, useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
// Forms on the first screen: useLightForm and lazySchemaResolver, not @mantine/form ('@atrium/ui/form').
export { useLightForm, type LightForm, type LightFormOptions } from './light-form';
export { lazySchemaResolver, type LazySchemaResolver } from './lazy-schema';

// Routing for remotes: the host's single router, reached through this singleton (remotes never import
// react-router-dom themselves, so the router is bundled once, tree-shaken, in the host).
export {
  Link,
  Navigate,
  NavLink as RouterNavLink,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';

export { theme, darkModeManager } from './theme';
export { UiProvider } from './providers';
export { ToastStack } from './toast-stack';
export { ErrorBoundary, ErrorScreen, isChunkLoadError } from './error-screen';
export { HomeSkeleton, PageSkeleton } from './skeletons';
export { CardPage } from './card-page';
export { Notice, FailureNotice, type Failure } from './notice';
export { handleError } from './handle-error';
export { retryImport } from './retry-import';
