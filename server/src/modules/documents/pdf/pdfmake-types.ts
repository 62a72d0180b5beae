/**
 * The little of pdfmake's document definition this renderer writes (pdfmake ships no types of its own; the
 * DefinitelyTyped package pulls the DOM library into the whole server program). Kept loose on purpose: the
 * render tests read every feature back from the PDF.
 */
export type Content = string | Content[] | { [key: string]: unknown };
export type TableCell = Content;
export interface ContentTable {
  table: { body: TableCell[][] };
}
export type DynamicContent = (currentPage: number, pageCount: number) => Content | null;
export type Margins = [number, number, number, number];

export interface TDocumentDefinitions {
  pageSize: string;
  pageMargins: Margins;
  language?: string;
  info?: Record<string, string>;
  header?: DynamicContent;
  footer?: DynamicContent;
  defaultStyle?: Record<string, unknown>;
  content: Content[];
}

/** Font family → its four faces (virtual file names). */
export type TFontDictionary = Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>;

/** The pdfmake server singleton, as used here. */
export interface PdfmakeEngine {
  virtualfs: { existsSync(name: string): boolean; readFileSync(name: string): Buffer; writeFileSync(): void };
  setFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}
