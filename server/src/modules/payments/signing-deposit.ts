import { createHmac } from 'node:crypto';
import type { SigningDeposit } from '@atrium/domain-documents/schemas';
import { AppError } from '../../lib/errors';
import type { DocumentsService } from '../documents/documents.service';
import type { PackagesService } from '../packages/packages.service';
import type { RequestMeta, SignaturesService } from '../signatures/signatures.service';
import type { PaymentsService } from './payments.service';

/** Invoice statuses the signing flow offers to pay (a paid or expired one is done; a draft is sent on the way). */
const PAYABLE = new Set(['draft', 'sent', 'viewed']);

/**
 * The invoice's link token a signing link carries: HMAC-SHA256 keyed by the signing token over the invoice id (as a
 * package link derives its steps' tokens). Registered as an ordinary document link of the invoice, so it keeps
 * working for /invoices/pay and the checkout once the single-use signing link is spent.
 */
export const signingDepositToken = (signingToken: string, invoiceId: string) =>
  createHmac('sha256', signingToken).update(`signing-deposit:${invoiceId}`).digest('base64url');

/**
 * Sign and pay from one link (issue #18): the client's signing link for a contract leads, after signing, to paying
 * the invoice that goes with it — the first invoice in the contract's package (draft, sent or viewed; the owner put
 * it with the contract for this). A draft is sent on the way (status sent, no e-mail of its own: the signing
 * invitation was the client's one e-mail), the first time the signing link reaches it. The signing link is checked by the signatures service (its own 404/410/409 answers); the invoice's summary
 * and the amount due now are the public pay flow's. Nothing here marks anything paid: the checkout and Stripe's
 * webhook do, as for every card payment.
 */
export class SigningDepositService {
  constructor(
    private readonly deps: {
      signatures: Pick<SignaturesService, 'session'>;
      packages: Pick<PackagesService, 'packageOfDocument'>;
      documents: Pick<DocumentsService, 'summariesOf' | 'send' | 'invoiceForPayment'>;
      payments: Pick<PaymentsService, 'publicInvoice'>;
    },
  ) {}

  async forSigningLink(contractId: string, token: string, meta: RequestMeta): Promise<SigningDeposit> {
    const session = await this.deps.signatures.session(contractId, token, meta);
    if (session.signer.role !== 'client') return { deposit: null };
    const pkg = await this.deps.packages.packageOfDocument(contractId);
    // (A package whose maker's account is gone has nobody to make the invoice's link in the name of.)
    if (!pkg?.createdBy) return { deposit: null };
    const maker = { businessId: pkg.businessId, userId: pkg.createdBy };
    const others = pkg.documentIds.filter((id) => id !== contractId);
    const summaries = await this.deps.documents.summariesOf(pkg.businessId, others);
    const byId = new Map(summaries.map((d) => [d._id, d]));
    const invoice = others
      .map((id) => byId.get(id))
      .find((d) => d && d.type === 'invoice' && !d.isTemplate && PAYABLE.has(d.status));
    if (!invoice) return { deposit: null };
    const invoiceToken = signingDepositToken(token, invoice._id);
    try {
      await this.deps.documents.invoiceForPayment(invoice._id, invoiceToken);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'GONE') return { deposit: null };
      if (err.code !== 'NOT_FOUND') throw err;
      // First time through this signing link: the invoice gets its link (no e-mail; a draft becomes sent, an invoice
      // already sent stays as it is), made in the name of whoever made the package.
      await this.deps.documents.send(maker, invoice._id, { token: invoiceToken, email: false });
    }
    const payment = await this.deps.payments.publicInvoice(invoice._id, invoiceToken);
    return { deposit: { invoiceId: invoice._id, token: invoiceToken, payment } };
  }
}
