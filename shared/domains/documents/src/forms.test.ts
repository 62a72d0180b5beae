import {
  FORM_MESSAGES as M,
  answersWithQuestions,
  contactFormInputSchema,
  contactFormUpdateSchema,
  formEmbedSnippet,
  formSubmissionInputSchema,
  validateAnswers,
  type AnswerQuestion,
} from './forms';

const q = (id: string, kind: AnswerQuestion['kind'], extra: Partial<AnswerQuestion> = {}): AnswerQuestion => ({
  id,
  kind,
  label: id,
  required: false,
  options: [],
  ...extra,
});

const questions: AnswerQuestion[] = [
  q('name', 'shortText', { required: true }),
  q('about', 'longText'),
  q('age', 'number'),
  q('start', 'date'),
  q('plan', 'singleChoice', { options: ['Basic', 'Pro'] }),
  q('extras', 'multiChoice', { options: ['A', 'B', 'C'] }),
  q('brief', 'file'),
];

describe('validateAnswers', () => {
  it('accepts valid answers and cleans them', () => {
    const { errors, values } = validateAnswers(questions, {
      name: '  Ada ',
      age: '42',
      start: '2026-02-28',
      plan: 'Pro',
      extras: ['A', 'C', 'A'],
      about: '',
      brief: { fileId: 'f1', name: 'brief.pdf' },
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      name: 'Ada',
      age: 42,
      start: '2026-02-28',
      plan: 'Pro',
      extras: ['A', 'C'],
      brief: { fileId: 'f1', name: 'brief.pdf' },
    });
  });

  it('answers field messages keyed by question id', () => {
    const { errors, values } = validateAnswers(questions, {
      name: '   ',
      about: 'x'.repeat(10_001),
      age: 'old',
      start: '2026-02-30',
      plan: 'Gold',
      extras: ['A', 'Z'],
      brief: 'not a file',
      stray: 'hello',
    });
    expect(errors).toEqual({
      name: M.required,
      about: M.textTooLong(10_000),
      age: M.notNumber,
      start: M.notDate,
      plan: M.notOption,
      extras: M.notOptions,
      brief: M.notFile,
      stray: M.unknownQuestion,
    });
    expect(values).toEqual({});
  });

  it('refuses a non-text answer to a text question and a long short text', () => {
    expect(validateAnswers([q('t', 'shortText')], { t: 5 }).errors).toEqual({ t: M.notText });
    expect(validateAnswers([q('t', 'shortText')], { t: 'x'.repeat(501) }).errors).toEqual({ t: M.textTooLong(500) });
  });

  it('without uploads: a file answer is refused and a required file question waived', () => {
    const file = [q('f', 'file', { required: true })];
    expect(validateAnswers(file, {}, { files: false }).errors).toEqual({});
    expect(validateAnswers(file, { f: { fileId: 'x', name: 'y' } }, { files: false }).errors).toEqual({
      f: M.fileUnavailable,
    });
    expect(validateAnswers(file, {}).errors).toEqual({ f: M.required });
  });

  it('pairs answers with their questions in order', () => {
    expect(answersWithQuestions([q('a', 'number'), q('b', 'shortText')], { b: 'x' })).toEqual([
      { questionId: 'a', label: 'a', kind: 'number', value: null },
      { questionId: 'b', label: 'b', kind: 'shortText', value: 'x' },
    ]);
  });
});

describe('contact form schemas', () => {
  it('requires a name, refuses duplicate ids, takes file questions', () => {
    const parsed = contactFormInputSchema.safeParse({
      name: ' ',
      questions: [
        { id: 'a', type: 'question', kind: 'file', label: 'CV' },
        { id: 'a', type: 'question', kind: 'shortText', label: 'Why' },
      ],
    });
    const messages = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['name', M.nameRequired],
        ['questions.1.id', M.questionIdTwice],
      ]),
    );
    expect(messages?.map(([path]) => path)).not.toContain('questions.0.kind');
  });

  it('defaults to active with no questions', () => {
    expect(contactFormInputSchema.parse({ name: 'Website' })).toEqual({
      name: 'Website',
      description: null,
      questions: [],
      successMessage: null,
      status: 'active',
    });
  });

  it('a submission needs the first name and a valid email', () => {
    const bad = formSubmissionInputSchema.safeParse({ contact: { firstName: '', email: 'nope' } });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['contact.firstName', 'contact.email']);
    expect(formSubmissionInputSchema.parse({ contact: { firstName: 'Ada', email: 'ADA@x.io' } })).toEqual({
      contact: { firstName: 'Ada', lastName: null, email: 'ada@x.io' },
      answers: {},
    });
  });

  it('an update leaves out what it does not name (a PUT of the name keeps the description)', () => {
    expect(contactFormUpdateSchema.parse({ name: 'Quotes' })).toEqual({ name: 'Quotes' });
    expect(contactFormUpdateSchema.parse({ description: '' })).toEqual({ description: null });
  });

  it('embeds the public page in an iframe', () => {
    expect(formEmbedSnippet('https://app.example.com/', 'abc')).toContain('src="https://app.example.com/forms/abc"');
  });
});
