// ProseMirror measures the selection (to scroll it into view); jsdom has no layout, so ranges get empty boxes.
const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON() {} });
if (typeof Range !== 'undefined') {
  if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;
  if (!Range.prototype.getClientRects) Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
}
if (typeof document !== 'undefined' && !document.elementFromPoint) document.elementFromPoint = () => null;
