/**
 * The error sentences in Simplified Chinese, by code (the English is ./en.ts and its parts).
 * Codes not here yet read in English; tests/unit/app/messages/catalogs.test.ts counts how
 * many remain. A `problem`, `detail` or `problemHint` param is English from a shared check
 * and is shown as it is.
 */
import type { ErrorCatalog } from './en';
import { text, type ErrorParams } from './wording';

const WHOLE_TOKENS = '留空则使用默认值。';

function usualBaseURL(p: ErrorParams): string {
  const baseURL = text(p, 'presetBaseURL');
  return baseURL
    ? `${text(p, 'presetLabel') ?? '此提供方'}的地址通常是 ${baseURL}。`
    : '请使用兼容 OpenAI 的 API 地址；它通常以 /v1 结尾。';
}

const urlSetting = (p: ErrorParams) => (text(p, 'field') === 'lock-file' ? '锁定文件' : '包索引');

/** The `detail` param as given, even when empty; undefined when there is none. */
function detailOf(p: ErrorParams): string | undefined {
  const detail = p['detail'];
  return detail === undefined ? undefined : String(detail);
}

export const zhErrors: Partial<ErrorCatalog> = {
  'mcp-invalid-sign-in': (p) => {
    const fromOwner = '请输入授权服务器为此客户端签发的内容（其管理员或管理控制台中可以找到）。';
    switch (text(p, 'field')) {
      case 'client-id':
        return { message: '客户端凭据需要客户端 ID。', hint: fromOwner };
      case 'secret':
        return { message: '客户端凭据需要客户端密钥。', hint: fromOwner };
      case 'algorithm':
        return {
          message: '请选择私钥签名所用的算法。',
          hint: '即授权服务器对此客户端要求的算法（RSA 密钥用 RS256，P-256 密钥用 ES256）。',
        };
      default:
        return p['variant'] === 'format'
          ? {
              message: '私钥既不是 PEM 私钥，也不是 JWK。',
              hint: '请粘贴完整的密钥：从 -----BEGIN PRIVATE KEY----- 到 END 行（PKCS #8），或 JSON 格式的 JWK。',
            }
          : { message: '使用签名密钥的客户端凭据需要私钥。', hint: fromOwner };
    }
  },
  'mcp-client-credentials': (p) => {
    const server = text(p, 'server') ?? 'MCP 服务器';
    const host = text(p, 'host') ?? '授权服务器';
    const proof = text(p, 'kind') === 'private-key-jwt' ? '签名密钥' : '客户端密钥';
    const words = detailOf(p);
    const quoted = words === undefined ? '。' : `：${words}`;
    switch (p['variant']) {
      case 'no-token-endpoint':
        return {
          message: `使用客户端凭据登录 ${server} 失败：未找到令牌端点（${host} 没有发布指明令牌端点的 OAuth 元数据）。`,
          hint: '请检查服务器的 URL；如果无误，说明该服务器不接受客户端凭据：请改用浏览器登录或 Bearer 令牌请求头。',
        };
      case 'bad-key':
        return {
          message: `Cove 无法用该私钥签名（${text(p, 'algorithm') ?? '所选算法'}）${quoted}`,
          hint: '请确认这是与算法匹配的私钥（PKCS #8 PEM 或 JWK；RS/PS 用 RSA，ES 用 EC，EdDSA 用 Ed25519）。',
        };
      case 'issuer':
        return {
          message: `${server} 现在指向的授权服务器与这些客户端凭据之前使用的不同，因此 Cove 不会把凭据发送过去。`,
          hint: '如果服务器确实迁移到了新的授权服务器，请用在那里注册的客户端重新保存登录设置。',
        };
      default:
        return {
          message: `${host} 的令牌端点拒绝了客户端 ID 和${proof}${quoted}`,
          hint: `请在服务器的登录设置中检查客户端 ID 和${proof}，并确认此客户端可以使用 client_credentials 授权方式。`,
        };
    }
  },
  'mcp-template-values': (p) => {
    const template = text(p, 'template');
    return {
      message: `资源${template ? ` ${template}` : ''}还需要：${text(p, 'missing') ?? '更多值'}。`,
      hint: '请填写模板的每个字段，然后再附加。',
    };
  },
  'provider-name': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `已有另一个提供方名为“${text(p, 'name') ?? ''}”。`,
          hint: '请换一个名称，以便在选择模型时区分二者。',
        }
      : {
          message: '提供方需要一个名称。',
          hint: '请输入一个便于区分的名称，例如服务名或运行它的机器。',
        },
  'provider-base-url': (p) => ({
    message: text(p, 'problem') ?? '基础 URL 为空。',
    hint: usualBaseURL(p),
  }),
  'provider-api-key': (p) => {
    const problem = text(p, 'problem');
    if (problem) return { message: problem, hint: '请直接从提供方的密钥页面复制粘贴。' };
    const keyPage = text(p, 'keyPage');
    return {
      message: `${text(p, 'presetLabel') ?? '此提供方'}需要 API 密钥。`,
      hint: keyPage ? `请粘贴你的密钥；可以在 ${keyPage} 创建。` : '请粘贴提供方给你的密钥。',
    };
  },
  'provider-headers': (p) =>
    p['reason'] === 'duplicate'
      ? {
          message: `请求头“${text(p, 'header') ?? ''}”重复填写了两次。`,
          hint: '每个请求头名称只保留一行。',
        }
      : {
          message: text(p, 'problem') ?? '无法发送某个附加请求头。',
          hint: text(p, 'problemHint') ?? '请修正该请求头或删除这一行。',
        },
  'model-id': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `${text(p, 'provider') ?? '此提供方'}已有模型“${text(p, 'model') ?? ''}”。`,
          hint: '请改为编辑那个模型，或输入另一个 ID。',
        }
      : {
          message: '模型需要一个 ID。',
          hint: '请输入服务器识别它所用的 ID，例如 gpt-4o-mini 或 qwen3:8b。',
        },
  'model-context-window': () => ({
    message: '上下文窗口必须是大于 0 的整数个 token。',
    hint: WHOLE_TOKENS,
  }),
  'model-max-output': (p) =>
    p['reason'] === 'over-window'
      ? {
          message: '最大输出大于上下文窗口。',
          hint: '输出 token 也计入窗口；请设置为小于窗口的值。',
        }
      : {
          message: '最大输出必须是大于 0 的整数个 token。',
          hint: WHOLE_TOKENS,
        },
  'model-price': () => ({
    message: '价格需要同时填写输入价格和输出价格，单位为美元/百万 token，不小于 0。',
    hint: '两项都填写；如果不知道价格，两项都留空。',
  }),
  'model-tool-calling': () => ({
    message: '工具调用方式必须是 native、text 或 none。',
    hint: '请从三者中选择一个。',
  }),
  'chat-max-tokens': () => ({
    message: '最大 token 数必须是大于 0 的整数。',
    hint: '留空则由模型决定回复的长度。',
  }),
  'chat-temperature': () => ({
    message: '温度必须在 0 到 2 之间。',
    hint: '越低越专注，越高越多样；留空则使用提供方的默认值。',
  }),
  'provider-import': (p) => ({
    message: text(p, 'problem') ?? '无法导入此文件。',
    hint: '请选择从 Cove 的提供方设置中导出的文件。',
  }),
  'provider-missing': () => ({
    message: '此提供方已不存在。',
    hint: '它可能已在另一个标签页中被删除；如有需要请重新添加。',
  }),
  'model-missing': () => ({
    message: '该模型尚未配置。',
    hint: '请从列出的模型中选择一个，或在“设置 → 提供方”中刷新该提供方的模型列表。',
  }),
  'bad-setting': (p) => {
    switch (text(p, 'variant')) {
      case 'timeout':
        return {
          message: `运行超时 ${text(p, 'value') ?? ''} 毫秒超出范围。`,
          hint: `请在 ${text(p, 'minSeconds') ?? ''} 秒到 ${text(p, 'maxMinutes') ?? ''} 分钟之间选择。`,
        };
      case 'network':
        return {
          message: `“${text(p, 'value') ?? ''}”不是 Python 的网络设置。`,
          hint: '请选择关闭、仅包索引或任意主机。',
        };
      case 'not-a-url':
        return {
          message: `${urlSetting(p)} URL“${text(p, 'url') ?? ''}”不是有效的 URL。`,
          hint: '请输入以 https:// 开头的完整地址。',
        };
      case 'url-scheme':
        return {
          message: `${urlSetting(p)} URL 必须以 https:// 或 http:// 开头。`,
          hint: '请输入一个网址。',
        };
      default:
        return { message: '某项 Python 设置超出范围。', hint: '请在“设置 → Python”中修正。' };
    }
  },
  'bad-run': (p) =>
    text(p, 'variant') === 'nothing-to-run'
      ? { message: '没有可运行的内容：请提供代码或文件路径。', hint: '' }
      : { message: '无法按原样运行。', hint: '请检查代码和文件。' },
  disposed: (p) => ({
    message: 'Python 运行时已关闭。',
    hint: text(p, 'variant') === 'in-memory' ? '' : '请重新加载页面。',
  }),
  'python-start': (p) => {
    const detail = detailOf(p);
    return {
      message: detail !== undefined ? `Python 无法启动：${detail}` : 'Python 无法启动。',
      hint: '请重新加载页面再试一次。',
    };
  },
  'lint-failed': (p) => ({
    message: `代码检查器已停止：${text(p, 'detail') ?? '未知错误'}。`,
    hint: '它会在下次检查时重新启动。',
  }),
  'format-failed': (p) => {
    const detail = detailOf(p);
    return {
      message: detail !== undefined ? `代码无法格式化：${detail}。` : '代码无法格式化。',
      hint: '请先修复语法错误。',
    };
  },
};
