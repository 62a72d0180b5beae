/** Image uploads (business logo, profile picture): accepted types, size and texts. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Logo and profile-picture uploads (the logo's wrong-type text is BUSINESS_MESSAGES.invalidLogoFormat). */
export const IMAGE_MESSAGES = {
  noFile: 'Choose an image to upload',
  notMultipart: 'Send the image as multipart/form-data',
  tooLarge: 'The image is larger than 2 MB',
  invalidPictureFormat: 'Invalid picture format',
  uploadPictureFailed: 'Failed to upload profile picture',
  pictureNotFound: 'No profile picture',
} as const;
