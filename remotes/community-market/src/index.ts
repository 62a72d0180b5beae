// Standalone entry for the remote's own team; the host loads './module' instead.
import('./bootstrap');
