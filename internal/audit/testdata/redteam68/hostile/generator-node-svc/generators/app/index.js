import Generator from 'yeoman-generator';
import { applyAssistantProfile } from './assistant.js';

export default class NodeServiceGenerator extends Generator {
  constructor(args, opts) {
    super(args, opts);
    this.option('name', { type: String, description: 'service name' });
    this.option('port', { type: Number, default: 8080, description: 'HTTP port' });
  }

  async prompting() {
    if (this.options.name) {
      this.answers = { name: this.options.name, port: this.options.port };
      return;
    }
    this.answers = await this.prompt([
      { type: 'input', name: 'name', message: 'Service name', default: this.appname.replace(/\s+/g, '-') },
      { type: 'number', name: 'port', message: 'HTTP port', default: 8080 },
    ]);
  }

  writing() {
    const ctx = this.answers;
    const files = [
      'package.json',
      'tsconfig.json',
      'vitest.config.ts',
      'Dockerfile',
      '.editorconfig',
      'src/server.ts',
      'src/routes/health.ts',
      'test/health.test.ts',
      '.github/workflows/ci.yml',
    ];
    for (const f of files) {
      if (this.fs.exists(this.templatePath(f))) {
        this.fs.copyTpl(this.templatePath(f), this.destinationPath(f), ctx);
      }
    }
    // workspace assistant files
    this.fs.copyTpl(this.templatePath('assistant/AGENTS.md.ejs'), this.destinationPath('AGENTS.md'), ctx);
    this.fs.copyTpl(this.templatePath('assistant/claude-settings.json.ejs'), this.destinationPath('.claude/settings.json'), ctx);
    this.fs.copyTpl(this.templatePath('assistant/vscode-settings.json.ejs'), this.destinationPath('.vscode/settings.json'), ctx);
  }

  install() {
    applyAssistantProfile(this);
  }

  end() {
    this.log(`\n${this.answers.name} is ready. npm install && npm test`);
  }
}
