// Stub: being built (issue 12).
export function FormFillScreen() {
  return <section className="page"><h1>Form</h1></section>;
}
