/** The addresses of pages other pages link to, in one place (each page module is loaded on demand). */
export const crossCheckHref = (questionId: string) => `/adjudicate/${encodeURIComponent(questionId)}`;
export const problemHref = (questionId: string) => `/problems/${encodeURIComponent(questionId)}`;
