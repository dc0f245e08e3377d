import { ALL_BRANCHES, ALL_SEMESTERS, BRANCHES, SEMESTERS } from '@campus/contract/constants';
import { SelectField } from '../../components/Field';
import type { BranchFilter, SemesterFilter } from './keys';

const SEMESTER_OPTIONS = [{ value: ALL_SEMESTERS, label: 'All' }, ...SEMESTERS];
const BRANCH_OPTIONS = [ALL_BRANCHES, ...BRANCHES];

export interface FilterValue {
  semester: SemesterFilter;
  branch: BranchFilter;
}

export const NO_FILTER: FilterValue = { semester: ALL_SEMESTERS, branch: ALL_BRANCHES };

/** The Semester (All, 1–8) and Branch (All + nine) filters of the course lists (docs/product.md#courses). */
export function CourseFilters({ value, onChange }: { value: FilterValue; onChange: (next: FilterValue) => void }) {
  return (
    <>
      <SelectField
        label="Semester"
        options={SEMESTER_OPTIONS}
        value={String(value.semester)}
        onChange={(e) => onChange({ ...value, semester: Number(e.target.value) })}
      />
      <SelectField label="Branch" options={BRANCH_OPTIONS} value={value.branch} onChange={(e) => onChange({ ...value, branch: e.target.value as BranchFilter })} />
    </>
  );
}
