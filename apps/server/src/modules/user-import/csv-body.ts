import { USER_IMPORT_CONTENT_TYPES, USER_IMPORT_MAX_BYTES } from '@swipe/contracts/user-import';
import { AppError } from '../../platform/errors';
import { readLimitedBody } from '../../platform/raw-body';

export const csvTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'userImport.tooLarge');
export const notCsv = (status: 400 | 415 = 415) =>
  new AppError(status, status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED', 'userImport.notCsv');

/** The raw upload as a Buffer, refusing more than 5 MB with the import's own message. */
export const csvBodyParsers = [
  {
    contentTypes: [...USER_IMPORT_CONTENT_TYPES],
    parse: readLimitedBody(USER_IMPORT_MAX_BYTES, csvTooLarge),
  },
];
