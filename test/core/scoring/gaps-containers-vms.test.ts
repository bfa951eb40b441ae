import { describe, it } from 'vitest';
import { testEngine } from './helpers.ts';
import { bash, familyAssertions } from './rule-assertions.ts';

/**
 * Containers and VMs at run time (held-back-12 misses, rules12A): the
 * production marker may sit on the Docker CLI itself (`docker --context prod`,
 * `-H ssh://prod-1`, `DOCKER_HOST=… docker`) rather than on the container's
 * name. Through it, a shell or command inside a container is held; volumes
 * removed, a store flushed and every container killed are denied. Also: every
 * pod on a node removed (combined flags), a privileged container set to
 * restart forever, production or shared VMs destroyed, a node container shell
 * through crictl, rootless container storage read through podman unshare, the
 * Podman registry auth file read, host namespaces with the home folder. The
 * same on development contexts, a project's own VM and read-only verbs stay
 * allowed.
 */
const engine = await testEngine();
const { each, quiet } = familyAssertions(engine);

describe('production reached through the Docker CLI', () => {
  it('a shell is held; volumes, stores and every container destroyed are denied', () => {
    each('production-container-shell', 'stopped', [
      'docker --context prod-eu exec -it payments-api-7 sh',
      'docker -H ssh://deploy@prod-web-1 exec -it api bash',
      'DOCKER_CONTEXT=production docker exec api env',
      'docker --context prod exec pg-main pg_dumpall -U postgres > all.sql',
      'crictl --runtime-endpoint unix:///run/containerd/containerd.sock exec -it $(crictl ps -q --name vault) sh',
      'sudo crictl exec -it 3f2a9c bash',
    ]);
    each('production-container-data-destroyed', 'deny', [
      'docker --context prod volume rm pgdata_main',
      'docker -H tcp://prod-db-1:2376 volume prune -f',
      'DOCKER_HOST=ssh://ops@production-1 docker rm -fv db',
      'docker volume rm prod_pgdata',
    ]);
    each('production-container-store-flushed', 'deny', ['docker --context prod exec redis-cache redis-cli FLUSHALL', 'docker -c prod-eu exec -i mongo mongosh --eval "db.dropDatabase()"']);
    each('containers-mass-killed', 'deny', [
      'docker --context prod ps -q | xargs docker --context prod kill',
      'docker kill $(docker --context prod ps -q)',
      'sudo crictl rmp -fa',
      'crictl stopp -a',
      bash('crictl rm --all --force'),
    ]);
  });
  it('development contexts, listings and single dev containers are allowed', () => {
    quiet('production-container-shell', ['docker --context colima exec -it api sh', 'docker --context dev exec api npm test', 'crictl ps', 'crictl exec 3f2a9c cat /etc/os-release']);
    quiet('production-container-data-destroyed', ['docker --context dev volume rm pgdata_main', 'docker volume rm myproject_node_modules', 'docker --context prod volume ls']);
    quiet('production-container-store-flushed', ['docker --context prod exec redis-cache redis-cli INFO']);
    quiet('containers-mass-killed', ['docker --context prod ps -q', 'crictl rmp 3f2a9c', 'crictl rm -f 3f2a9c']);
  });
});

describe('privileged containers kept running, confinement removed', () => {
  it('a privileged container restarting forever is denied; host namespaces with the home folder held', () => {
    each('privileged-container-kept-running', 'deny', [
      'docker run -d --restart always --privileged --name sys-update docker.io/kxmr/upd:latest',
      'podman run -d --privileged --restart=unless-stopped quay.io/x/agent',
      'docker container run --restart=always -d --privileged -v /:/host alpine sleep infinity',
    ]);
    each('container-confinement-removed', 'stopped', ['podman run --rm --userns=host --network=host -v $HOME:/h alpine sh', 'docker run --ipc=host -v ~/:/h -it ubuntu bash']);
  });
  it('restarting services without privileges and privileged one-offs are not this rule', () => {
    quiet('privileged-container-kept-running', ['docker run -d --restart always --name api -p 8080:8080 acme/api:1.2', 'docker run --rm -v $PWD:/src node:20 npm test']);
    quiet('container-confinement-removed', ['podman run --rm --userns=keep-id -v $PWD:/src alpine ls /src']);
  });
});

describe('virtual machines destroyed', () => {
  it('production or shared machines destroyed are denied', () => {
    each('shared-vm-destroyed', 'deny', [
      "ssh ci-host-2 'cd /srv/vagrant/release-builders && vagrant destroy -f'",
      'ssh -t build@10.0.4.7 "vagrant destroy --force"',
      'lxc delete --force prod-db-1',
      'incus rm -f production-web',
    ]);
  });
  it("a project's own VM destroyed locally, with a comment, is allowed", () => {
    quiet('shared-vm-destroyed', ['vagrant destroy -f', 'lxc delete --force dev-test', 'ssh ci-host-2 vagrant status']);
    quiet('vm-destroyed-with-storage', ["vagrant destroy -f  # project's throwaway dev VM", 'vagrant destroy -f default # clean slate']);
  });
});

describe('container credentials and storage read', () => {
  it('is held', () => {
    each('podman-unshare-root-read', 'stopped', ['podman unshare cat /home/dev/.local/share/containers/storage/volumes/vault-data/_data/vault.db', 'podman unshare tar czf /tmp/v.tgz ~/.local/share/containers/storage/volumes/db/_data']);
    each('docker-config', 'stopped', ['cat ${XDG_RUNTIME_DIR}/containers/auth.json', 'cat /run/user/1000/containers/auth.json', 'base64 ~/.config/containers/auth.json']);
  });
  it('listing volumes and logging in are allowed', () => {
    quiet('podman-unshare-root-read', ['podman unshare ls ~/projects/app', 'podman volume ls']);
    quiet('docker-config', ['podman login quay.io', 'cat package.json']);
  });
});
