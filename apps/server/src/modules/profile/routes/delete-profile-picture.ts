import { translate } from '@swipe/contracts/messages';
import { ZDeleteProfilePictureResponse } from '@swipe/contracts/profile';
import { defineRoute } from '../../../platform/route';
import { removePicture } from '../profile.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/profile/picture',
  summary: 'Remove the own profile picture',
  tags: ['profile'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: ZDeleteProfilePictureResponse,
  handler: async ({ ctx, req, caller }) => {
    await removePicture(ctx, { caller, ip: req.ip });
    return { data: null, message: translate('profile.pictureRemoved', req.lang) };
  },
});
