// Stub: being built (issue 12).
export function FormsManagementScreen() {
  return <section className="page"><h1>Forms Management</h1></section>;
}
