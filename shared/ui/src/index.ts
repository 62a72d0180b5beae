import '@mantine/core/styles.css';

// Mantine reaches every app only through this package (a federation singleton), and only the parts the
// product uses: the shared chunk stays small because unlisted components are tree-shaken away.
export {
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  ColorInput,
  ColorSwatch,
  Container,
  Divider,
  FileButton,
  Group,
  Indicator,
  Kbd,
  Loader,
  Menu,
  Modal,
  NavLink,
  Pagination,
  Paper,
  Popover,
  PasswordInput,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Textarea,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
export { useDebouncedValue, useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
export { useForm, schemaResolver, type UseFormReturnType } from '@mantine/form';
export {
  IconAlertTriangle,
  IconBuilding,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconLogout,
  IconMoon,
  IconPlus,
  IconSearch,
  IconSelector,
  IconSettings,
  IconSun,
  IconTrash,
  IconUpload,
  IconUser,
} from '@tabler/icons-react';

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
export { ConfirmDialog, DeleteConfirmDialog } from './confirm-dialog';
export { Notice, FailureNotice, type Failure } from './notice';
export { NavIcon } from './icons';
export { handleError } from './handle-error';
export { retryImport } from './retry-import';
export { ChipMultiSelect, visibleChips, type MultiSelectOption } from './inputs/chip-multi-select';
export { SearchableSelect } from './inputs/searchable-select';
export { AddressFields } from './inputs/address-fields';
export { FilterBuilder, type FilterBuilderField } from './inputs/filter-builder';
