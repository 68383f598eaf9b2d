// Stub: being built (issue 12).
export function FormSubmissionsScreen() {
  return <section className="page"><h1>Form Submissions</h1></section>;
}
