/** The Chinese of an MCP server's sign-in choice (./en-mcp-sign-in-ui.ts). */
import type { enMcpSignInUi } from './en-mcp-sign-in-ui';

export const zhMcpSignInUi = {
  legend: '登录方式',
  browser: '在浏览器中登录（OAuth）',
  browserNote: '服务器要求时，由人在服务器的页面上登录；Cove 保存令牌。',
  clientSecret: '客户端凭据（无需人工）：客户端 ID 和密钥',
  privateKeyJwt: '使用签名密钥的客户端凭据（private_key_jwt）',
  credentialsNote:
    '适用于允许已注册客户端自行登录的服务器。加密保存，除非备份包含密钥，否则不会进入备份；只发送到此服务器指定的授权服务器的令牌端点。',
  clientId: '客户端 ID',
  secret: '客户端密钥',
  privateKey: '私钥（PEM 或 JWK）',
  privateKeyPlaceholder: '-----BEGIN PRIVATE KEY-----',
  algorithm: '算法',
} satisfies typeof enMcpSignInUi;
