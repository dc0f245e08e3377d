/** What the admit card shows, on screen and in the PDF (spec §2 "Hall ticket", §9). */
export const EXAM_TYPE = 'ESE';
export const EXAM_TIME = '09:15 AM TO 12:15 PM';
export const TITLE = 'EXAMINATION ADMIT CARD';

export interface TicketRow {
  title: string;
  examDate: string;
}

export interface Ticket {
  fullname: string;
  registrationId: number;
  branch: string;
  semester: number;
  avatar: string;
  rows: TicketRow[];
}

export const ticketFileName = (t: Pick<Ticket, 'fullname' | 'registrationId'>) => `${t.fullname}_${t.registrationId}_hallticket.pdf`;
