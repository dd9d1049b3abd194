import { translate } from '@swipe/contracts/messages';
import { ZUploadProfilePictureResponse } from '@swipe/contracts/profile';
import { defineRoute } from '../../../platform/route';
import { pictureBodyParsers } from '../picture-body';
import { savePicture } from '../profile.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/profile/picture',
  summary:
    'Set the own profile picture: the raw PNG or JPEG file is the body (image/png, image/jpeg or application/octet-stream), at most 2 MB',
  tags: ['profile'],
  // One's own picture, like one's own password: view authority is about the account's data.
  guard: { roles: 'any', authority: 'VIEW', rateLimit: { max: 30, timeWindow: '1 minute' } },
  bodyParsers: pictureBodyParsers,
  response: ZUploadProfilePictureResponse,
  handler: async ({ ctx, req, caller }) => ({
    data: await savePicture(ctx, { caller, bytes: req.body, ip: req.ip }),
    message: translate('profile.pictureSaved', req.lang),
  }),
});
