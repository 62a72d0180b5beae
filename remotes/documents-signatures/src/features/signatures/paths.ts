/** The signatures pages' addresses. */
export const workflowPath = (id: string) => `/signatures/workflows/${encodeURIComponent(id)}`;
export const ownerSignPath = (id: string) => `${workflowPath(id)}/business-owner-sign`;
export const workflowDocumentPath = (id: string) => `${workflowPath(id)}/view-document`;
