import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, spawn } from './rule-assertions.ts';

/**
 * Set 13's leftovers (rules28): a vendor API key written as a literal flag
 * value on the command line stays in the transcript, shell history and
 * process list, like the literal passwords password-literal-to-remote-service
 * holds. Held: --key/--api-key/--token/--<vendor>-api-key followed by an
 * OpenAI, Anthropic, OpenRouter, GitHub, GitLab, Slack, Hugging Face, AWS,
 * Google or npm key, in a line or as a program's arguments. Environment
 * references, key files, placeholders and other flags are not.
 */
const { each, quiet } = familyAssertions(await sharedEngine());

describe('API keys as literal flag values', () => {
  it('a literal vendor key after a key or token flag is held', () => {
    each('api-key-literal-in-arguments', 'stopped', [
      "llm -m gpt-4o-mini --key sk-proj-Tq83LmZx0aPv6Rk2Nd9Yw4Hc7Jb1Ue5Gs 'draft the changelog'",
      'aider --anthropic-api-key sk-ant-api03-Wm4Kx9Qz2Lp7Rv1Ny6Ht3Bc8Jd5Fg0Sa --model sonnet',
      spawn('openrouter-cli', 'chat', '--api-key=sk-or-v1-9f3c2a7b5d1e8f4a6c0b2d9e7f1a3c5b', '-m', 'mixtral'),
      'gh-release-tool --token ghp_R7mQ2xK9pL4vT8wZ1cN6bH3jD0fS5aG2eU7y upload dist/*',
      'huggingface-cli upload acme/model ./out --token hf_QpL7xR2mK9vT4wZ8cN1bH6jD3fS0aG5eUy',
      'slack-notify --token=xoxb-2231-9981-Qz7Lp3Rv8Nw2Kx5Ht9Bc --channel ops "deploy done"',
    ]);
  });

  it('environment references, key files, placeholders and other flags are not', () => {
    quiet('api-key-literal-in-arguments', [
      'llm -m gpt-4o-mini --key "$OPENAI_API_KEY" "draft the changelog"',
      'aider --anthropic-api-key $ANTHROPIC_API_KEY --model sonnet',
      'ssh-keygen -t ed25519 -f ~/.ssh/deploy_key -N ""',
      'gpg --armor --export --key 0xABCDEF0123456789',
      "llm keys set openai",
      "mycli --api-key sk-proj-your-key-here-xxxxxxxxxxxxxxxx 'hi'",
      'npm whoami --registry https://registry.npmjs.org/',
    ]);
  });
});
