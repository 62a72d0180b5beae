/**
 * Sample documents for the tests and the benchmark (`pnpm bench:pdf`): an invoice with N line items in several
 * scripts, and a one-page invoice as a baseline.
 */
import type { PdfDocumentModel, PdfLineItem } from './model';

const DESCRIPTIONS = [
  'Wedding photography — full day coverage',
  'Фотосессия в студии (2 часа)',
  '東京での撮影 — ロケーション費用',
  'Άλμπουμ φωτογραφιών, 30 σελίδες',
  '서울 스튜디오 대여',
  'Retouching, 40 images, delivered as high-resolution JPEG and TIFF',
];

export function sampleLineItems(count: number): PdfLineItem[] {
  return Array.from({ length: count }, (_, i) => ({
    description: `${i + 1}. ${DESCRIPTIONS[i % DESCRIPTIONS.length]}`,
    quantity: String((i % 4) + 1),
    unitPrice: '€120.00',
    discount: i % 5 === 0 ? '10%' : '',
    tax: 'VAT 20%',
    amount: `€${(((i % 4) + 1) * 120 * (i % 5 === 0 ? 0.9 : 1)).toFixed(2)}`,
  }));
}

export function sampleInvoice(items: number): PdfDocumentModel {
  return {
    pageSize: 'A4',
    business: {
      name: 'Lumière Studio',
      addressLines: ['12 Rue des Fleurs, 75001 Paris', 'hello@lumiere.example'],
      brandColor: '#7048e8',
    },
    header: {
      title: 'Invoice',
      type: 'invoice',
      number: 'INV-0042',
      dates: [
        { label: 'Issued', value: '27 Nov 2026' },
        { label: 'Due', value: '11 Dec 2026' },
      ],
      status: 'Sent',
    },
    parties: [
      { label: 'From', name: 'Lumière Studio', lines: ['FR12345678901'] },
      { label: 'Bill to', name: 'Анна Смирнова', lines: ['Hauptstraße 5, 10115 Berlin'] },
    ],
    blocks: [
      { type: 'lineItems', items: sampleLineItems(items) },
      {
        type: 'totals',
        rows: [
          { label: 'Subtotal', value: '€90,720.00' },
          { label: 'VAT 20%', value: '€18,144.00' },
          { label: 'Total due', value: '€108,864.00', emphasis: true },
        ],
      },
      {
        type: 'paymentSchedule',
        instalments: [
          { label: 'Deposit (30%)', dueDate: '1 Dec 2026', amount: '€32,659.20', status: 'Paid' },
          { label: 'Balance', dueDate: '11 Dec 2026', amount: '€76,204.80' },
        ],
      },
      {
        type: 'notes',
        content: {
          html: '<p>Thank you! <strong>Bank transfer</strong> to IBAN FR76 3000 6000 0112 3456 7890 189.</p>',
        },
      },
    ],
  };
}
