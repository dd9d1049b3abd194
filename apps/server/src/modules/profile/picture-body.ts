import { PROFILE_PICTURE_CONTENT_TYPES, PROFILE_PICTURE_MAX_BYTES } from '@swipe/contracts/profile';
import { AppError } from '../../platform/errors';
import { readLimitedBody } from '../../platform/raw-body';

export const pictureTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'profile.pictureTooLarge');
export const pictureUnsupported = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'profile.pictureUnsupported');

/** The raw upload as a Buffer, refusing more than 2 MB with the picture's own message. */
export const pictureBodyParsers = [
  {
    contentTypes: [...PROFILE_PICTURE_CONTENT_TYPES],
    parse: readLimitedBody(PROFILE_PICTURE_MAX_BYTES, pictureTooLarge),
  },
];
