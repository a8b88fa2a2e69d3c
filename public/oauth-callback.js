// Cove's OAuth callback (issue 20): where an MCP server's authorization server sends the
// person back. The answer (code and state, or an error) is handed to Cove through this tab's
// sessionStorage, and Cove opens again (this page's folder is Cove's, also under a
// sub-path); Cove finishes the exchange and connects. The answer leaves the address bar at
// once, so it is not kept in the history.
try {
  sessionStorage.setItem('cove.mcp-oauth-answer', location.href);
} finally {
  location.replace('./');
}
