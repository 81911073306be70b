/**
 * E-mail-to-SMS/MMS gateways of 17 US cell providers, listed on the SMS Help page. Domains from the
 * public cubiclesoft email_sms_mms_gateways list (MIT, 2021-06-29), cross-checked against
 * textbelt's provider list; providers that no longer exist (Alltel, Nextel, Sprint) are left out.
 * Status notes come from 2024-2025 public reports, not from the carriers; they are phrased as such.
 */
export interface SmsGateway {
  provider: string;
  /** Domains after `number@`; the first is the usual one. */
  sms: string[];
  /** Empty when the provider offers no MMS gateway. */
  mms: string[];
  note?: string;
}

export const SMS_GATEWAYS: readonly SmsGateway[] = [
  { provider: 'AT&T Wireless', sms: ['txt.att.net'], mms: ['mms.att.net'], note: 'Reported retired in June 2025; send a test alert before relying on it.' },
  { provider: 'Boost Mobile', sms: ['sms.myboostmobile.com', 'myboostmobile.com'], mms: ['myboostmobile.com'] },
  { provider: 'C Spire Wireless', sms: ['cspire1.com'], mms: [] },
  { provider: 'Consumer Cellular', sms: ['mailmymobile.net'], mms: [] },
  { provider: 'Cricket', sms: ['sms.mycricket.com'], mms: ['mms.mycricket.com'] },
  { provider: 'Google Fi (Project Fi)', sms: ['msg.fi.google.com'], mms: ['msg.fi.google.com'] },
  { provider: 'Google Voice', sms: ['txt.voice.google.com'], mms: [] },
  { provider: 'Metro PCS', sms: ['mymetropcs.com'], mms: [] },
  { provider: 'Simple Mobile', sms: ['smtext.com'], mms: [] },
  { provider: 'Straight Talk', sms: ['vtext.com'], mms: ['mypixmessages.com'] },
  { provider: 'T-Mobile', sms: ['tmomail.net'], mms: ['tmomail.net'], note: 'Reported to stop delivering in December 2024; send a test alert before relying on it.' },
  { provider: 'Ting', sms: ['message.ting.com'], mms: [] },
  { provider: 'Tracfone', sms: ['mmst5.tracfone.com'], mms: ['mmst5.tracfone.com'] },
  { provider: 'US Cellular', sms: ['email.uscc.net'], mms: ['mms.uscc.net'] },
  { provider: 'Verizon Wireless', sms: ['vtext.com'], mms: ['vzwpix.com', 'mypixmessages.com'], note: 'Verizon has announced the end of these gateways (reported for March 2027).' },
  { provider: 'Viaero', sms: ['viaerosms.com'], mms: ['mmsviaero.com'] },
  { provider: 'Virgin Mobile', sms: ['vmobl.com'], mms: ['vmpix.com'] },
];
