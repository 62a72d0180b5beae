import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM_MESSAGES as M,
  contactFormInputSchema,
  contactFormListAnswerSchema,
  contactFormListParamsSchema,
  contactFormSchema,
  contactFormUpdateSchema,
  formSubmissionAnswerSchema,
  formSubmissionInputSchema,
  formUploadAnswerSchema,
  publicFormSchema,
  questionnaireAnswerInputSchema,
  responseListAnswerSchema,
  responseListParamsSchema,
  responseSchema,
} from '@atrium/domain-documents/schemas';
import { AppError } from '../../lib/errors';
import { FILE_MULTIPART_LIMITS, uploadParts } from '../../lib/file-upload';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { FormsService } from './forms.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const publicParams = z.object({ publicId: pathId });
const tokenQuery = z.object({ token: z.string().min(1, 'Document not found').max(200) });
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const formAnswer = ok(contactFormSchema);
const tags = ['forms'];

/** Mounted at /api/v1/contact-forms: the business's contact forms. */
export const contactFormsRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: 'A page of the business’s contact forms, newest first (search over the name)',
        querystring: contactFormListParamsSchema,
        response: { 200: contactFormListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await forms.listForms(callerOf(request), request.query)) }),
  );

  app.post(
    '',
    {
      config: { validationMessage: M.invalidForm },
      schema: {
        tags,
        description:
          'A contact form: its own questions (after the contact’s first name, last name and email, always asked), ' +
          'a success message and a status; its public page is /forms/{publicId}',
        body: contactFormInputSchema,
        response: { 201: formAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await forms.createForm(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: formAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => ({ success: true as const, data: await forms.getForm(callerOf(request), request.params.id) }),
  );

  app.put(
    '/:id',
    {
      config: { validationMessage: M.invalidFormUpdate },
      schema: {
        tags,
        description: 'Changes the fields given (responses already stored keep the questions they were asked)',
        params: idParams,
        body: contactFormUpdateSchema,
        response: { 200: formAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await forms.updateForm(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        description: 'Deletes the form; its responses stay',
        params: idParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await forms.removeForm(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};

/** Mounted at /api/v1/responses: every response of the business (contact forms and questionnaires). */
export const responsesRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: 'A page of responses, newest first: search over the contact’s name and email, formId, documentId',
        querystring: responseListParamsSchema,
        response: { 200: responseListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await forms.listResponses(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'One response with its answers and their questions as they were asked',
        params: idParams,
        response: { 200: ok(responseSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await forms.getResponse(callerOf(request), request.params.id),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await forms.removeResponse(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};

/** Mounted at /api/v1/documents: a questionnaire's responses (its responses page). */
export const documentResponsesRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/responses',
    {
      schema: {
        tags,
        description: 'The questionnaire’s responses, newest first',
        params: idParams,
        response: { 200: ok(z.array(responseSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await forms.responsesOfDocument(callerOf(request), request.params.id),
    }),
  );
};

/**
 * Mounted at /api/v1/public: signed out. A contact form's page and its submissions (limited per IP), and a
 * questionnaire's answers through its link.
 */
export const publicFormsRoutes: FastifyPluginAsyncZod<{ forms: FormsService; submitRateLimit: number }> = async (
  app,
  { forms, submitRateLimit },
) => {
  const submitLimit = {
    rateLimit: {
      max: submitRateLimit,
      timeWindow: 60_000,
      keyGenerator: (r: { ip: string }) => `form-submit|${r.ip}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', M.tooManyRequests),
    },
  };

  // A visitor's file counts against its own budget of the same size, so that a form with a few file questions can
  // still be submitted.
  const uploadLimit = {
    rateLimit: { ...submitLimit.rateLimit, keyGenerator: (r: { ip: string }) => `form-upload|${r.ip}` },
  };
  await app.register(multipart, { limits: FILE_MULTIPART_LIMITS });
  const uploadSchema = {
    tags,
    consumes: ['multipart/form-data'],
    response: { 201: ok(formUploadAnswerSchema), ...errorResponses(400, 404, 410, 413, 415, 429) },
  };

  app.post(
    '/forms/:publicId/files',
    {
      config: uploadLimit,
      schema: {
        ...uploadSchema,
        description:
          'One file for a file question (multipart field "file"): the work files’ size and type rules (413, 415, ' +
          'nothing stored); answered with the { fileId, name } a submission of this same form may use once',
        params: publicParams,
      },
    },
    async (request, reply) => {
      const data = await forms.uploadFile({ publicId: request.params.publicId }, uploadParts(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/documents/:id/files',
    {
      config: uploadLimit,
      schema: {
        ...uploadSchema,
        description:
          'One file for a questionnaire’s file question through its link (404 forged, 410 expired): as a contact ' +
          'form’s upload, usable once by this questionnaire’s answers',
        params: idParams,
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const data = await forms.uploadFile(
        { documentId: request.params.id, token: request.query.token },
        uploadParts(request),
      );
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/forms/:publicId',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `form|${r.ip}` } },
      schema: {
        tags,
        description: 'The form to fill in (an inactive or unknown form: 404)',
        params: publicParams,
        response: { 200: ok(publicFormSchema), ...errorResponses(404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await forms.publicForm(request.params.publicId) }),
  );

  app.post(
    '/forms/:publicId/submissions',
    {
      config: { rateLimit: submitLimit.rateLimit, validationMessage: M.invalidAnswers },
      schema: {
        tags,
        description:
          'A submission: 400 with field messages (nothing stored); else the response and its contact (created or ' +
          'updated by email) in one transaction, and the owner told. A filled honeypot (`website`) is answered as ' +
          'a success and nothing is stored.',
        params: publicParams,
        body: formSubmissionInputSchema,
        response: { 201: ok(formSubmissionAnswerSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const data = await forms.submit(request.params.publicId, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/documents/:id/responses',
    {
      config: { rateLimit: submitLimit.rateLimit, validationMessage: M.invalidAnswers },
      schema: {
        tags,
        description:
          'A questionnaire’s answers through its link: 400 with field messages (nothing stored), 404 forged, 410 ' +
          'expired, 409 answered already; stored, and the questionnaire completed',
        params: idParams,
        querystring: tokenQuery,
        body: questionnaireAnswerInputSchema,
        response: { 201: ok(formSubmissionAnswerSchema), ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const data = await forms.answerQuestionnaire(request.params.id, request.query.token, request.body.answers);
      return reply.status(201).send({ success: true, data });
    },
  );
};
