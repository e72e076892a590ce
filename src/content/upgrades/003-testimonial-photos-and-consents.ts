/**
 * Versions published before a testimonial could show the student's photo and had to carry the
 * student's written consent (issue 40): each gains an empty list of photos (none had one) and
 * the consents. A version that says its names are sample data (institute.sampleData) takes the
 * starting content's consent of each made-up student it still has, by id (`{ sample: true }`); any
 * other testimonial with a result gains no consent, since none can be made up for a real student:
 * its version renders and opens as before, and the content check names each testimonial whose
 * consent is missing until the editor gives it (the day it was signed, who signed, the scan).
 */
import type { ContentUpgrade, Json } from './upgrade';
import { isJson } from './upgrade';

export const upgrade: ContentUpgrade = {
  name: '003-testimonial-photos-and-consents',
  up(document, starting) {
    const institute: Json = { ...(document.institute as Json) };
    institute.testimonialPhotos ??= {};
    if (institute.testimonialConsents === undefined) {
      const consents: Json = {};
      const startingConsents = (starting.institute as Json).testimonialConsents;
      const results = isJson(institute.testimonialResults) ? institute.testimonialResults : {};
      if (institute.sampleData === true && isJson(startingConsents)) {
        for (const id of Object.keys(results)) {
          const made = startingConsents[id];
          if (isJson(made) && made.sample === true) consents[id] = { sample: true };
        }
      }
      institute.testimonialConsents = consents;
    }
    return { ...document, institute };
  },
};
