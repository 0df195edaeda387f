#!/bin/sh
# Run by chroot in a fresh `debootstrap --variant=minbase` of Debian $1 from the mirror $2 (security
# updates from $3): what makes Docker Hub's debian:<suite>-slim, the base of the official node, postgres
# and nginx images, smaller than a plain install, done the same way (debuerreotype's "slimify"), and
# apt's sources as that image has them.
set -eu
suite="$1"
mirror="$2"
security="$3"

rm -f /etc/apt/sources.list
cat > /etc/apt/sources.list.d/debian.sources <<SOURCES
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# No manuals, documentation (but the licences) or translations, now nor from what is installed later.
cat > /etc/dpkg/dpkg.cfg.d/docker <<'EXCLUDES'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EXCLUDES
find /usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete
find /usr/share/doc -mindepth 1 -type d -empty -delete
rm -rf /usr/share/man/* /usr/share/groff/* /usr/share/info/* /usr/share/locale/* /usr/share/lintian/* /usr/share/linda/*

# apt keeps no package files or lists in the image, as Docker's images' apt configuration says.
cat > /etc/apt/apt.conf.d/docker-clean <<'CLEAN'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CLEAN
echo 'Acquire::Languages "none";' > /etc/apt/apt.conf.d/docker-no-languages
echo 'APT::AutoRemove::SuggestsImportant "false";' > /etc/apt/apt.conf.d/docker-autoremove-suggests
apt-get clean
rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/* /tmp/* /var/tmp/*
