import type { ApiClient } from '@atrium/api-client';
import { documentsApi, publicDocumentsApi } from './documents';
import { parsePdfAnswer } from '../pdf';
import { DOCUMENT_MESSAGES as M } from '../messages';

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF');

/** A client whose GET answers the given body (the api-client hands over parsed JSON, or undefined for non-JSON). */
function clientAnswering(body: unknown) {
  const calls: { path: string; query: unknown }[] = [];
  const client = {
    get: async (path: string, query?: unknown) => {
      calls.push({ path, query });
      return body;
    },
  } as unknown as ApiClient;
  return { client, calls };
}

describe('the pdf call', () => {
  it('answers the PDF bytes of a good answer', async () => {
    const { client, calls } = clientAnswering({ success: true, data: PDF.toString('base64') });
    const bytes = await documentsApi(client).pdf('d 1');
    expect(Buffer.from(bytes).equals(PDF)).toBe(true);
    expect(calls[0]?.path).toBe('documents/d%201/pdf');
  });

  it("throws 'Invalid response format' when the answer is not JSON with a string data", async () => {
    for (const body of [undefined, null, 'plain', { success: true }, { data: 42 }, { data: { pdf: 'x' } }]) {
      await expect(documentsApi(clientAnswering(body).client).pdf('d')).rejects.toThrow(M.invalidResponseFormat);
    }
  });

  it("throws 'Failed to parse base64 PDF response' when data is not base64 of a PDF", async () => {
    for (const data of ['', 'not base64!', 'abc', Buffer.from('<html>').toString('base64')]) {
      await expect(documentsApi(clientAnswering({ data }).client).pdf('d')).rejects.toThrow(M.pdfParseFailed);
    }
  });

  it('reads the answer as text too', () => {
    expect(() => parsePdfAnswer('<html>oops</html>')).toThrow('Invalid response format');
    expect(() => parsePdfAnswer('{"data":"%%%"}')).toThrow('Failed to parse base64 PDF response');
    expect(parsePdfAnswer(JSON.stringify({ data: PDF.toString('base64') })).length).toBe(PDF.length);
  });

  it('the public view sends the token as a query parameter', async () => {
    const { client, calls } = clientAnswering({ data: { document: {}, business: { name: 'B' } } });
    await publicDocumentsApi(client).view('d1', 'tok');
    expect(calls[0]).toEqual({ path: 'public/documents/d1', query: { token: 'tok' } });
  });
});
