/** Stub replaced in the next commit. */
export default function Stub() {
  return null;
}
