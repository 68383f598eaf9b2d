// Stub: being built (issue 12).
export function FormBuilderScreen() {
  return <section className="page"><h1>Form builder</h1></section>;
}
