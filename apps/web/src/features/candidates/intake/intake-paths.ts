/** The intake pages under /database (route tables import this: paths only). */
export const IntakePaths = { add: '/database/add', import: '/database/import' } as const;
