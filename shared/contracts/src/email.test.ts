import { EMAIL_MESSAGES, emailError, emailSchema } from './email';

describe('email rules (docs/requirements.md §5)', () => {
  const invalid: [string, string][] = [
    ['', EMAIL_MESSAGES.required],
    ['   ', EMAIL_MESSAGES.required],
    ['a@b', EMAIL_MESSAGES.tooShort],
    [`${'a'.repeat(250)}@x.com`, EMAIL_MESSAGES.tooLong],
    ['alice.example.com', EMAIL_MESSAGES.missingAt],
    ['@example.com', EMAIL_MESSAGES.startsWithAt],
    ['alice@', EMAIL_MESSAGES.endsWithAt],
    ['al@ice@example.com', EMAIL_MESSAGES.multipleAt],
    ['alice@localhost', 'Email address domain must contain a dot (e.g., localhost.com)'],
    ['alice@.example.com', EMAIL_MESSAGES.domainStartsWithDot],
    ['alice@example.com.', EMAIL_MESSAGES.domainEndsWithDot],
    ['alice@example.c', EMAIL_MESSAGES.invalidTld],
    ['alice@example.c0m', EMAIL_MESSAGES.invalidTld],
    ['ali ce@example.com', EMAIL_MESSAGES.invalid],
    ['.alice@example.com', EMAIL_MESSAGES.invalid],
    ['alice.@example.com', EMAIL_MESSAGES.invalid],
    ['al..ice@example.com', EMAIL_MESSAGES.invalid],
    ['alice@exa..mple.com', EMAIL_MESSAGES.invalid],
    ['ali(ce)@example.com', EMAIL_MESSAGES.invalid],
    ['alice@-example.com', EMAIL_MESSAGES.invalid],
  ];

  it.each(invalid)('%j → %s', (input, message) => {
    expect(emailError(input)).toBe(message);
    const parsed = emailSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('reports a missing value as required', () => {
    expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe(EMAIL_MESSAGES.required);
  });

  const valid = [
    'a@b.co',
    'alice@example.com',
    'first.last+tag@sub.example.org',
    "o'hara@studio.ie",
    '  Mixed@Case.COM  ',
  ];
  it.each(valid)('%j is valid', (input) => {
    expect(emailError(input)).toBeNull();
    expect(emailSchema.safeParse(input).success).toBe(true);
  });

  it('normalises: trims and lower-cases', () => {
    expect(emailSchema.parse('  Mixed@Case.COM ')).toBe('mixed@case.com');
  });

  it('accepts exactly 254 characters and rejects 255', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254.length).toBe(254);
    expect(emailError(at254)).toBeNull();
    expect(emailError(`a${at254}`)).toBe(EMAIL_MESSAGES.tooLong);
  });
});
