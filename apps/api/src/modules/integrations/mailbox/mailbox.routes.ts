import { Router } from 'express';

/** emailSendAuth (the mailbox callback), checkUserEmailAuthorised, checkCustomEmailAuthorised. */
export const mailboxRouter = Router();
