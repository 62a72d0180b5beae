import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from './errors';

/** A request line longer than this that overflows Node's header limit is "URI too long" rather than "headers". */
const LONG_REQUEST_LINE = 8 * 1024;

/**
 * Answers what Node's HTTP parser refuses before any route runs (oversized headers or address, a malformed
 * request, a request that arrives too slowly) in the API's error body, as every other error is answered; Fastify's
 * default wrote its own shape. The connection is closed afterwards: the parser cannot resynchronise.
 */
type ParserError = Error & { code?: string; rawPacket?: unknown };

export function clientErrorHandler(error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const appError = toClientAppError(error);
  const body = JSON.stringify(appError.toBody());
  socket.end(
    `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export function toClientAppError(error: ParserError): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
      const lineEnd = raw.indexOf('\r\n');
      const requestLine = lineEnd === -1 ? raw.length : lineEnd;
      return new AppError(requestLine > LONG_REQUEST_LINE ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE');
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT');
    default:
      return new AppError('VALIDATION_ERROR', 'Malformed request');
  }
}
