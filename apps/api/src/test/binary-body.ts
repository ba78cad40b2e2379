import type request from 'supertest';

/** A supertest parser that keeps the body as bytes (xlsx, zip, pdf downloads): `.buffer(true).parse(binaryBody)`. */
export const binaryBody: Parameters<request.Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
