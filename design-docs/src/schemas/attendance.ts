import * as z from 'zod';
import { ATTENDANCE_TARGET_TYPES } from '../constants.ts';
import { attendanceId } from '../ids.ts';
import { docBase, idPart, writtenAt } from './common.ts';

export const attendanceSchema = z
  .strictObject({
    ...docBase('attendance'),
    target_type: z.enum(ATTENDANCE_TARGET_TYPES, { error: 'Attendance is for events and bands' }),
    target_id: idPart,
    user_id: idPart,
    created_at: writtenAt,
  })
  .refine((d) => d._id === attendanceId(d.target_type, d.target_id, d.user_id), {
    error: '_id must be attendance:{target_type}:{target_id}:{user_id}',
    path: ['_id'],
  });
export type AttendanceDoc = z.infer<typeof attendanceSchema>;
