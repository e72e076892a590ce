/**
 * The enquiry form's words. Each field's label, help and own messages are keyed by
 * the field's name in shared/schema/enquiry-fields.ts (which says how the field is checked,
 * stored, exported and sent). A field without its own message for a rule shows
 * antd's default one ("Please enter {label}"), with JavaScript and without.
 */
import type { Copy } from '../schema';

export const form: Copy['form'] = {
  fields: {
    enquirer: {
      label: 'Who is filling in this form?',
      messages: {
        required: 'Please choose whether you are the parent or guardian, or the student',
        invalid: 'Please choose whether you are the parent or guardian, or the student',
      },
    },
    studentUnder18: { label: 'I am under 18' },
    studentName: {
      label: 'Student name',
      messages: {
        required: 'Please enter the student’s name',
        invalid: 'Please write only the name, without a web address or an email',
      },
    },
    phone: {
      label: 'Mobile number',
      help: '10-digit Indian mobile number',
      messages: {
        required: 'Please enter a mobile number',
        invalid: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
      },
    },
    email: { label: 'Email', messages: { invalid: 'Enter a valid email address, like name@gmail.com' } },
    classLevel: {
      label: 'Class / current status',
      messages: { required: 'Please choose a class', invalid: 'Please choose a class' },
    },
    course: {
      label: 'Course of interest',
      messages: { required: 'Please choose a course', invalid: 'Please choose a course' },
    },
    parentName: {
      label: 'Parent or guardian’s name',
      messages: {
        required: 'Please enter your parent’s or guardian’s name: under 18, their consent is needed',
        invalid: 'Please write only the name, without a web address or an email',
      },
    },
    parentPhone: {
      label: 'Parent or guardian’s mobile number',
      messages: {
        required: 'Enter your parent’s or guardian’s 10-digit mobile number',
        invalid: 'Enter your parent’s or guardian’s 10-digit mobile number',
      },
    },
    city: { label: 'City' },
    mode: { label: 'Mode of study' },
    centre: { label: 'Centre' },
    message: { label: 'Message', placeholder: 'Anything you would like us to know' },
    consent: {
      label: 'I agree to be contacted about this enquiry by call, SMS or WhatsApp',
      messages: { required: 'Please agree to be contacted so we can call you back' },
    },
    language: { label: 'Language', messages: { invalid: 'Choose English or Hindi' } },
    noticeVersion: { label: 'Privacy notice version', messages: { invalid: 'Please reload the page and try again' } },
    idempotencyKey: { label: 'Request key', messages: { invalid: 'Please reload the page and try again' } },
  },
  enquirers: { parent: 'Parent or guardian', student: 'Student' },
  classLevels: {
    '8': 'Class 8',
    '9': 'Class 9',
    '10': 'Class 10',
    '11': 'Class 11',
    '12': 'Class 12',
    '12-pass': '12th passed / dropper',
  },
  choose: 'Choose…',
  optional: '(optional)',
  consentParent:
    'My parent or guardian agrees to be contacted about this enquiry by call, SMS or WhatsApp (under 18, their consent is needed)',
  consentNotice: 'How we use and keep your details:',
  submit: 'Request a call back',
  honeypot: 'Leave this field empty',
  sentHeading: 'Thank you — we have your enquiry',
  sentBody: 'A counsellor will call you on {phone} within one working day (Monday to Saturday), usually the same day.',
  sentReference: 'Your reference',
  sentUrgent: 'Need an answer sooner? Call us on',
  details: {
    heading: 'Tell us a little more',
    lead: 'It helps the counsellor prepare for your call. You can skip this.',
    submit: 'Add these details',
    saved: 'Thank you. The counsellor will see these details before calling you.',
  },
  errors: {
    invalid: 'Please check the highlighted fields.',
    notAnObject: 'Send the enquiry as a JSON object or an HTML form.',
    unavailable: 'We could not save your enquiry just now. Please try again in a minute, or call us on {phone}.',
    network: 'We could not reach the server. Check your connection and try again; what you typed is kept.',
    retry: 'Try again',
    pageTitle: 'Please check your enquiry',
    pageLead: 'Some details need a second look:',
    pageBack: 'Go back to the form with your browser’s Back button; what you typed is still there.',
    pageHome: 'Back to the home page',
    detailsGone: 'We could not add these details. Your call-back request is safe; tell the counsellor when they call.',
    tooMany: {
      title: 'Please wait a minute',
      message:
        'Too many forms have come from this connection in the last minute. Please wait a minute and try again, or call us on {phone}.',
    },
  },
};
